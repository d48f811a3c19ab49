// Types of kubegate/widgets: custom elements that show the playground's panels on any page.

/** The panels available as widgets: `<kubegate-${WidgetKind}>`. */
export type WidgetKind = "gates" | "layers" | "node" | "pods" | "fields" | "controlplane";

/** A panel definition, as the playground uses it. */
export interface PanelDefinition {
  id: WidgetKind;
  title: string;
}

/** The panels that exist as widgets, by kind. */
export const WIDGETS: Record<WidgetKind, PanelDefinition>;

/**
 * Loads the WebAssembly once for the page (every widget awaits the same promise). Call it before
 * the first widget connects to load the .wasm from another place.
 */
export function load(options?: { module_or_path?: string | URL | Request | Response | BufferSource | WebAssembly.Module }): Promise<unknown>;

/** Defines every `<kubegate-*>` element; called on import, safe to call again. */
export function defineWidgets(registry?: CustomElementRegistry): void;

/**
 * A kubegate widget element. Its scenario comes from, in order: the `scenario` attribute (JSON),
 * an inline `<script type="application/json">` child, or the `state` attribute (a share link's
 * `s=1.…` fragment). `theme="dark"` or `theme="light"` pins a theme; without it the widget
 * follows the reader's colour-scheme preference.
 */
export interface KubegateWidgetElement extends HTMLElement {
  readonly kind: WidgetKind;
  /** Resolves once the first scenario is drawn (or rejected, with the reason shown in the widget). */
  readonly ready: Promise<void>;
  /** The panel's state, in the form the `scenario` attribute takes. */
  getState(): Record<string, unknown> | null;
  /** Applies a scenario; throws the panel's validation Error when it is rejected. */
  setState(state: Record<string, unknown>): void;
}

declare global {
  interface HTMLElementTagNameMap {
    "kubegate-gates": KubegateWidgetElement;
    "kubegate-layers": KubegateWidgetElement;
    "kubegate-node": KubegateWidgetElement;
    "kubegate-pods": KubegateWidgetElement;
    "kubegate-fields": KubegateWidgetElement;
    "kubegate-controlplane": KubegateWidgetElement;
  }
}
