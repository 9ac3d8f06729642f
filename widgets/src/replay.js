// A recorded match embedded in the page (the docs site has no kernel): every step's view
// for each offered viewpoint, stored as changes from the step before.

/** Rebuild the full views of one viewpoint from its first view and the changes after it. */
export function expand(frames) {
  const out = [];
  let cur = null;
  for (const f of frames) {
    if (cur === null) {
      cur = { ...f };
    } else {
      cur = { ...cur };
      for (const [key, x] of Object.entries(f)) cur[key] = patch(cur[key], x);
    }
    out.push(cur);
  }
  return out;
}

/** A changed value: a list is sent as its new length and the items that differ. */
export function patch(old, x) {
  if (x === null || typeof x !== "object" || Array.isArray(x) || !("$len" in x)) return x;
  const list = (Array.isArray(old) ? old : []).slice(0, x.$len);
  for (const [i, item] of Object.entries(x.$set)) list[Number(i)] = item;
  return list;
}

/** A player of an embedded replay: ``view(viewer, step)`` and its bounds. */
export function replayer(data) {
  const cache = new Map();
  const views = (viewer) => {
    if (!cache.has(viewer)) cache.set(viewer, expand(data.frames[viewer] || []));
    return cache.get(viewer);
  };
  return {
    viewpoints: data.viewpoints,
    total: data.total,
    view(viewer, step) {
      const vs = views(viewer);
      const k = Math.max(0, Math.min(vs.length - 1, step));
      return { ...vs[k], viewpoints: data.viewpoints };
    },
  };
}
