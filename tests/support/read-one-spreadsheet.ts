/**
 * A script that reads one spreadsheet as an upload does and prints the outcome, then has nothing left to do:
 * spreadsheet.server.test.ts runs it in a process of its own and expects that process to end by itself.
 */
import { readSpreadsheet } from "../../server/uploads/spreadsheet.server";
import { recipientsWorkbook, sampleRows } from "./sample-files";

const outcome = await readSpreadsheet({ name: "destinatarios.xlsx", bytes: new Uint8Array(await recipientsWorkbook(sampleRows(5))) });
// The next worker starts once the parse is over: let it start.
await new Promise((resolve) => setTimeout(resolve, 500));
console.log(outcome.ok ? "read" : outcome.error);
