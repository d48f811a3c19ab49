// The panels, in tab order. Each module exports { id, title, create(ctx) } where create returns
// { getState(), setState(state), onShow?() }; setState validates untrusted state and throws an
// Error naming what is wrong.
import gates from "./gates.js";
import layers from "./layers.js";
import pods from "./pods.js";
import fields from "./fields.js";
import controlplane from "./controlplane.js";

export const PANELS = [gates, layers, pods, fields, controlplane];
