// Preloaded with `node --import`: records every native addon the process loads (they all pass through
// process.dlopen) and prints them as one JSON line on stderr at exit, for test/bin/deploy-commands.test.ts.
const loaded = [];
const dlopen = process.dlopen;
process.dlopen = function (module, filename, ...rest) {
  loaded.push(filename);
  return dlopen.call(this, module, filename, ...rest);
};
process.on("exit", () => process.stderr.write(`\nnative modules: ${JSON.stringify(loaded)}\n`));
