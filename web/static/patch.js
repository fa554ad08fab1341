// @ts-check
/* JSON Merge Patch (RFC 7386), as the server makes them (companion/writer/merge_patch.py): a live
   stream that asks for patches gets its whole view first, then for each change only what
   changed. A new value is returned; target is not changed (a panel may hold the old one). */

const isObject = (value) => value !== null && typeof value === "object" && !Array.isArray(value);
export function mergePatch(target, patch) {
  if (!isObject(patch)) return patch;
  const result = isObject(target) ? { ...target } : {};
  for (const [name, value] of Object.entries(patch)) {
    if (value === null) delete result[name];
    else result[name] = mergePatch(result[name], value);
  }
  return result;
}
