// The panels, in tab order. Each module exports { id, title, create(ctx) } where create returns
// { getState(), setState(state), onShow?() }; setState validates untrusted state and throws an
// Error naming what is wrong.
import gates from "./gates.js";
import node from "./node.js";
import cluster from "./cluster.js";

export const PANELS = [gates, node, cluster];
