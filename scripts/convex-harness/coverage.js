// Which contract functions the Convex tests ran to success and to a refusal (backend.js
// records every call the tests make), printed as a table and written as JSON for the README's
// parity table, with the limit cases of contract/cases.json that passed. A contract function
// without both is a failure of the run.
import { readFileSync, writeFileSync } from "node:fs";
import { outcomes } from "./backend.js";

// The limit cases of contract/cases.json that passed (convex/tests/cases.test.ts adds each).
globalThis.waterlineLimitCases = [];

export function reportCoverage({ contractPath, outputPath }) {
  const contract = JSON.parse(readFileSync(contractPath, "utf8"));
  const names = contract.functions.map((fn) => fn.name);
  const rows = names.map((name) => {
    const entry = outcomes.get(name) ?? { succeeded: 0, refused: [] };
    return { name, succeeded: entry.succeeded, refused: entry.refused.length, codes: [...new Set(entry.refused)].sort() };
  });
  console.log("");
  console.log(" Contract functions run against convex/ (calls that succeeded, calls refused: codes)");
  const width = Math.max(...names.map((name) => name.length));
  for (const row of rows) {
    const mark = row.succeeded > 0 && row.refused > 0 ? "✓" : "×";
    console.log(`  ${mark} ${row.name.padEnd(width)}  ${String(row.succeeded).padStart(3)} ok  ${String(row.refused).padStart(3)} refused: ${row.codes.join(", ") || "none"}`);
  }
  // Internal functions of convex/ the tests called too (the stand-in's own test functions left out).
  const modules = new Set(names.map((name) => name.split(":")[0]));
  const unknown = [...outcomes.keys()].filter((name) => !names.includes(name) && modules.has(name.split(":")[0]));
  if (unknown.length > 0) console.log(`  (also called: internal functions ${unknown.join(", ")})`);
  if (outputPath) writeFileSync(outputPath, JSON.stringify({ functions: rows, limitCases: globalThis.waterlineLimitCases }, null, 2) + "\n");
  const missing = rows.filter((row) => row.succeeded === 0 || row.refused === 0);
  if (missing.length > 0) console.log(`  ${missing.length} contract function(s) lack a success or a refusal: ${missing.map((row) => row.name).join(", ")}`);
  return missing.length;
}
