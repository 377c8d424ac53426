/**
 * A script that reads one spreadsheet as an upload does and prints the outcome, then has nothing left to do:
 * spreadsheet.server.test.ts runs it in a process of its own and expects that process to end by itself.
 */
import { readSpreadsheet, spareWaiting } from "../../server/uploads/spreadsheet.server";
import { recipientsWorkbook, sampleRows } from "./sample-files";
import { until } from "./wait";

const outcome = await readSpreadsheet({ name: "destinatarios.xlsx", bytes: new Uint8Array(await recipientsWorkbook(sampleRows(5))) });
// The next worker starts once the parse is over: the script goes on once it has.
await until(spareWaiting, { what: "the spare worker to start" });
console.log(outcome.ok ? "read" : outcome.error);
