// The types of the vendored Preact (preact.module.js, the module build of the release in
// package.json): the npm package's own declarations, which tsc reads for the pages' import
// of "./vendor/preact.module.js" (tsconfig.json says why not `paths`). Not copied from the
// tarball; nothing loads it in a browser.
export * from "preact";
