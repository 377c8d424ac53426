// A Node preload (NODE_OPTIONS="--import <this file>") for tests that need a process on a given
// instant: `Date` starts at FIXED_CLOCK_AT (an ISO instant) when the process starts and time flows
// from there at its own pace. Timers, performance.now() and the operating system's clock are left
// alone, so waits, timeouts and the files' and Redis's own expiries behave as they always do
// (decision 113). Nothing of this is in the app: without the preload `Date` is the system's.
const at = process.env.FIXED_CLOCK_AT;
const target = at ? Date.parse(at) : Number.NaN;
if (at && Number.isNaN(target)) throw new Error(`FIXED_CLOCK_AT is not an instant: ${at}`);

if (!Number.isNaN(target)) {
  const SystemDate = Date;
  const offset = target - SystemDate.now();
  const now = () => SystemDate.now() + offset;
  globalThis.Date = new Proxy(SystemDate, {
    // `new Date()` is now on the shifted clock; a Date of a given instant is that instant.
    construct(target, args, newTarget) {
      return Reflect.construct(target, args.length === 0 ? [now()] : args, newTarget);
    },
    // `Date()` called as a function answers the time as a string.
    apply() {
      return new SystemDate(now()).toString();
    },
    get(target, property, receiver) {
      return property === "now" ? now : Reflect.get(target, property, receiver);
    },
  });
}
