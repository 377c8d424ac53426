import { readFileSync } from "node:fs";

/**
 * The Dockerfile as stages of instructions, for what reads it without a container engine: the
 * runtime proof (tests/deploy/image-runtime.ts) runs its production install and its CMD, and
 * tests/deploy/image.test.ts checks its base and its build context.
 */
export interface Stage {
  from: string;
  name?: string;
  run: string[];
  env: Record<string, string>;
  cmd?: string[];
}

export function readDockerfile(file = new URL("../../Dockerfile", import.meta.url)): Stage[] {
  const lines = readFileSync(file, "utf8")
    .replace(/\\\n/g, " ")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "" && !line.startsWith("#"));
  const stages: Stage[] = [];
  for (const line of lines) {
    const [, keyword, rest] = /^(\S+)\s+(.*)$/.exec(line) ?? [];
    const stage = stages.at(-1);
    switch (keyword?.toUpperCase()) {
      case "FROM": {
        const [from, as, name] = rest.split(/\s+/);
        stages.push({ from, name: as?.toUpperCase() === "AS" ? name : undefined, run: [], env: {} });
        break;
      }
      case "RUN":
        stage?.run.push(rest.replace(/\s+/g, " "));
        break;
      case "ENV":
        for (const [, key, value] of rest.matchAll(/(\w+)=(\S+)/g)) if (stage) stage.env[key] = value;
        break;
      case "CMD":
        if (stage) stage.cmd = JSON.parse(rest) as string[];
        break;
    }
  }
  return stages;
}

export function stage(stages: Stage[], name: string): Stage {
  const found = stages.find((each) => each.name === name);
  if (!found) throw new Error(`the Dockerfile has no stage ${name}`);
  return found;
}
