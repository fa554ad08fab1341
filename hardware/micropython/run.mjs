// Run a Python script under real MicroPython (the WebAssembly port) with the firmware's
// modules on its import path. Usage: node run.mjs <firmware dir> <script.py>
// Prints what the script prints; exits 1 (with the error on stderr) if it raises.
import { loadMicroPython } from "@micropython/micropython-webassembly-pyscript";
import fs from "fs";
import path from "path";

const [firmwareDir, script] = process.argv.slice(2);
let printed = "";
const mp = await loadMicroPython({
  stdout: (text) => { printed += text + "\n"; },
  stderr: (text) => { printed += text + "\n"; },
});
for (const name of fs.readdirSync(firmwareDir)) {
  if (name.endsWith(".py") && name !== "main.py") {
    mp.FS.writeFile("/" + name, fs.readFileSync(path.join(firmwareDir, name)));
  }
}
try {
  mp.runPython(fs.readFileSync(script, "utf8"));
} catch (error) {
  process.stdout.write(printed);
  console.error(String(error));
  process.exit(1);
}
process.stdout.write(printed);
