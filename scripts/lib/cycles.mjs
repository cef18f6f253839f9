// Cycles in a directed graph, for the scripts that look at the import graph (house-metrics.mjs,
// check-boundaries.mjs).

/**
 * Strongly connected components of more than one node (Tarjan), largest first. `graph` maps each
 * node to the nodes it points at (an array or a set).
 */
export function components(graph) {
  let index = 0;
  const idx = new Map();
  const low = new Map();
  const stack = [];
  const on = new Set();
  const sccs = [];
  const visit = (v) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
    }
    if (low.get(v) === idx.get(v)) {
      const c = [];
      let w;
      do {
        w = stack.pop();
        on.delete(w);
        c.push(w);
      } while (w !== v);
      if (c.length > 1) sccs.push(c);
    }
  };
  for (const v of graph.keys()) if (!idx.has(v)) visit(v);
  return sccs.sort((a, b) => b.length - a.length);
}
