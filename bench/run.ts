import { bodyFlood } from "./body-flood";
import { bundleSizes } from "./bundle";
import { dashboardCpu } from "./dashboard-cpu";
import { dashboardTtfb } from "./dashboard-ttfb";
import { excelUpload } from "./excel";
import { faults } from "./faults";
import { lighthouseBench } from "./lighthouse";
import { marketPage } from "./market";
import { multiplePayment } from "./multiple-payment";
import { notificationFanout } from "./notification-fanout";
import { priceFanout } from "./price-fanout";
import { receipts } from "./receipts";

/** npm run bench: builds first (see package.json), then prints figures. Never fails on time. */
const benches: Record<string, () => Promise<void>> = {
  "dashboard-ttfb": dashboardTtfb,
  "dashboard-cpu": dashboardCpu,
  bundle: bundleSizes,
  "price-fanout": priceFanout,
  "notification-fanout": notificationFanout,
  receipts,
  "excel-upload": excelUpload,
  "multiple-payment": multiplePayment,
  lighthouse: lighthouseBench,
  market: marketPage,
  "body-flood": bodyFlood,
  // Minutes: every page in a fresh process under every fault, time-outs spending whole budgets.
  faults: () => faults(),
};

const only = process.argv[2];
for (const [name, run] of Object.entries(benches)) {
  if (only && only !== name) continue;
  console.log(`\n=== ${name} ===`);
  await run();
}
