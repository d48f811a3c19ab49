// The panels, in tab order. Each module exports { id, title, create(ctx) } where create returns
// { getState(), setState(state), onShow?() }; setState validates untrusted state and throws an
// Error naming what is wrong.
import gates from "./gates.js";
import layers from "./layers.js";
import node from "./node.js";
import cluster from "./cluster.js";
import pods from "./pods.js";
import fields from "./fields.js";
import controlplane from "./controlplane.js";
import upgrade from "./upgrade.js";

export const PANELS = [gates, layers, node, cluster, pods, fields, controlplane, upgrade];

/** The panels that are also widgets (kubegate/widgets), by id, in tab order: every panel that
 *  does not say `widget: false`. The one list: scripts/build-widgets.mjs copies these panels and
 *  writes pkg/widgets/panels/index.js from it, the Embed dialog offers exactly these. */
export const WIDGET_IDS = PANELS.filter((p) => p.widget !== false).map((p) => p.id);
