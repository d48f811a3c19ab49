// Share links: the whole playground state in the URL fragment (never sent to a server).
//
// Format: `#s=1.<base64url of deflate-raw(JSON)>`. The leading "1." is the format version, so a
// later format can still read old links. A link is untrusted input: it is size-capped before and
// after decompression, parsed as JSON only, and each panel validates its own part (see
// setState in panels/*.js); nothing from it is ever inserted as HTML.

export const FORMAT = "1";
/** Longest fragment accepted (characters): enough for large configs, small enough to decode fast. */
export const MAX_LINK_CHARS = 200_000;
/** Largest decompressed state accepted (bytes): a "zip bomb" link stops here. */
export const MAX_STATE_BYTES = 2_000_000;

const b64url = {
  encode(bytes) {
    let s = "";
    for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  },
  decode(text) {
    if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new Error("the link contains characters that are not base64url");
    const s = atob(text.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((text.length + 3) % 4));
    const out = new Uint8Array(s.length);
    for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
    return out;
  },
};

async function pipe(bytes, stream, cap) {
  const reader = new Blob([bytes]).stream().pipeThrough(stream).getReader();
  const chunks = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.length;
    if (total > cap) {
      await reader.cancel();
      throw new Error(`the link expands to more than ${cap} bytes`);
    }
    chunks.push(value);
  }
  const out = new Uint8Array(total);
  let o = 0;
  for (const c of chunks) { out.set(c, o); o += c.length; }
  return out;
}

/** State object → fragment text (without the leading "#"). */
export async function encodeState(state) {
  const json = new TextEncoder().encode(JSON.stringify(state));
  const packed = await pipe(json, new CompressionStream("deflate-raw"), Infinity);
  return `s=${FORMAT}.${b64url.encode(packed)}`;
}

/** Fragment text → state object; throws an Error saying what is wrong with the link. */
export async function decodeState(fragment) {
  const text = fragment.replace(/^#/, "");
  if (!text.startsWith("s=")) return null;
  if (text.length > MAX_LINK_CHARS) throw new Error(`the link is longer than ${MAX_LINK_CHARS} characters`);
  const body = text.slice(2);
  const dot = body.indexOf(".");
  const version = dot < 0 ? "" : body.slice(0, dot);
  if (version !== FORMAT) throw new Error(`unknown share-link format ${JSON.stringify(version.slice(0, 20))}`);
  let bytes;
  try {
    bytes = await pipe(b64url.decode(body.slice(dot + 1)), new DecompressionStream("deflate-raw"), MAX_STATE_BYTES);
  } catch (e) {
    throw new Error(`the link is damaged (${e.message ?? e})`);
  }
  let state;
  try {
    state = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch {
    throw new Error("the link does not hold valid JSON");
  }
  if (typeof state !== "object" || state === null || Array.isArray(state)) throw new Error("the link does not hold a playground state");
  return state;
}

/** Checks that a value is a plain object (for panel validators). */
export const isObject = (v) => typeof v === "object" && v !== null && !Array.isArray(v);

/** Reads `obj[key]` if it has type `type`, else `fallback`; throws on a wrong type when `strict`. */
export function field(obj, key, type, fallback) {
  if (!isObject(obj) || !(key in obj) || obj[key] === undefined) return fallback;
  const v = obj[key];
  const ok = type === "array" ? Array.isArray(v) : type === "object" ? isObject(v) : typeof v === type;
  if (!ok) throw new Error(`"${key}" should be ${type === "array" || type === "object" ? "an " : "a "}${type}`);
  return v;
}
