// The panels, in tab order. Each module exports { id, title, create(ctx) } where create returns
// { getState(), setState(state), onShow?() }; setState validates untrusted state and throws an
// Error naming what is wrong.
/**
 * What the shell (www/app.js) or a widget hands a panel's create(): the package's exports (the
 * gate core's alone until the full package has loaded, for the Gates panel; `later` settles then),
 * the section to draw into, and a banner for problems the panel cannot show itself.
 * @typedef {{ kubegate: typeof import("kubegate"), container: HTMLElement, banner?: (text: string | null) => void, later?: Promise<unknown> }} PanelContext
 */
import gates from "./gates.js";
import layers from "./layers.js";
import node from "./node.js";
import cluster from "./cluster.js";
import pods from "./pods.js";
import fields from "./fields.js";
import controlplane from "./controlplane.js";

export const PANELS = [gates, layers, node, cluster, pods, fields, controlplane];

/** The panels that are also widgets (kubegate/widgets), by id, in tab order: every panel that
 *  does not say `widget: false`. The one list: scripts/build-widgets.mjs copies these panels and
 *  writes pkg/widgets/panels/index.js from it, the Embed dialog offers exactly these. */
export const WIDGET_IDS = PANELS.filter((p) => p.widget !== false).map((p) => p.id);
