import { fork, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import { fileURLToPath } from "node:url";
import type { TemplateLevel } from "../../shared/dragons/levels";
import type { MadeTemplate } from "./made-template";
import type { OutlineResult } from "./outline";
import { asBuffer, withBuffers } from "./render-off-thread";

type ImageWorkTask =
  | { kind: "template"; file: string; pencil: boolean }
  | { kind: "level"; file: string }
  | { kind: "outline"; file: string };
export type ImageWorkRequest = ImageWorkTask & { id: number };
export type ImageWorkAnswer = { id: number } & (
  { made: MadeTemplate } | { level: TemplateLevel } | { outline: OutlineResult } | { error: string }
);

/** Image work done in a process of its own (image-work-child.ts). */
export interface ImageWorkProcess {
  /** A template's stored versions and level, made from the image in `file`. */
  makeTemplate(file: string, options: { pencil: boolean }): Promise<MadeTemplate>;
  /** The level of the picture in `file`. */
  measureLevel(file: string): Promise<TemplateLevel>;
  /** The outline version of the hi-res PNG in `file`. */
  renderOutline(file: string): Promise<OutlineResult>;
  /** End the process; what is still being worked on fails. */
  close(): Promise<void>;
}

/** The child's entry: the server build's, or in the source tree (tests) the TypeScript file through tsx. */
function startChild(): ChildProcess {
  const options = { serialization: "advanced" as const, stdio: "inherit" as const };
  // The build puts the entry beside the server's entries; this code may be in a chunk one folder below.
  for (const candidate of ["./image-work-child.js", "../image-work-child.js"]) {
    const file = fileURLToPath(new URL(candidate, import.meta.url));
    if (fs.existsSync(file)) return fork(file, [], { ...options, execArgv: [] });
  }
  const source = fileURLToPath(new URL("./image-work-child.ts", import.meta.url));
  return fork(source, [], { ...options, execArgv: ["--import", "tsx"] });
}

function received(made: MadeTemplate): MadeTemplate {
  const { prepared, pencil } = made;
  return {
    level: made.level,
    ...(made.outline ? { outline: withBuffers(made.outline) } : {}),
    prepared: {
      ...prepared,
      hires: asBuffer(prepared.hires),
      preview: asBuffer(prepared.preview),
      previewSmall: asBuffer(prepared.previewSmall),
    },
    ...(pencil ? { pencil: withBuffers(pencil) } : {}),
  };
}

/**
 * The library's background image work (making the bundled samples a first start left for later,
 * measuring older templates' levels, drawing their outlines) in a child process, started at the
 * first request and ended by `close` (decision 072): decoding pictures grows a process's memory
 * for good (decision 009), and the serving process should stay at its idle size. The serving process only stores the answers.
 * Requests are answered in turn; if the child dies, what was asked fails and the next request
 * starts another.
 */
export function imageWorkProcess(): ImageWorkProcess {
  let child: ChildProcess | null = null;
  let nextId = 0;
  const waiting = new Map<number, { resolve: (answer: ImageWorkAnswer) => void; reject: (error: Error) => void }>();

  const running = () => {
    if (child) return child;
    const started = startChild();
    started.on("message", (answer: ImageWorkAnswer) => {
      const waiter = waiting.get(answer.id);
      waiting.delete(answer.id);
      waiter?.resolve(answer);
    });
    started.once("exit", (code, signal) => {
      if (child === started) child = null;
      for (const waiter of waiting.values())
        waiter.reject(new Error(`the image work process stopped (${signal ?? code})`));
      waiting.clear();
    });
    child = started;
    return started;
  };

  const ask = (request: ImageWorkTask) =>
    new Promise<ImageWorkAnswer>((resolve, reject) => {
      const id = nextId++;
      waiting.set(id, { resolve, reject });
      running().send({ ...request, id });
    }).then((answer) => {
      if ("error" in answer) throw new Error(answer.error);
      return answer;
    });

  return {
    async makeTemplate(file, { pencil }) {
      const answer = await ask({ kind: "template", file, pencil });
      return received((answer as { made: MadeTemplate }).made);
    },
    async measureLevel(file) {
      return ((await ask({ kind: "level", file })) as { level: TemplateLevel }).level;
    },
    async renderOutline(file) {
      return withBuffers(((await ask({ kind: "outline", file })) as { outline: OutlineResult }).outline);
    },
    async close() {
      const ending = child;
      if (!ending) return;
      const exited = new Promise<void>((resolve) => ending.once("exit", () => resolve()));
      ending.disconnect();
      await exited;
    },
  };
}
