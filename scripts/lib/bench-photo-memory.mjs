// `npm run bench`, the memory ceiling of people's photos (issue 24): members each upload a 40 MP
// progressive JPEG through the app's own upload protocol, then all post theirs at the same moment,
// while the server's resident memory is sampled. A progressive JPEG is the hard case: its decoder
// holds every coefficient of the picture before it can shrink it.
import { performance } from "node:perf_hooks";
import { sleep } from "./bench-server.mjs";
import { photoLike } from "./photo-like.mjs";
import { residentMb, watchMemory } from "./process-memory.mjs";

export const MEMBERS = 4;
// 39.97 megapixels: just under the 40 MP that photos may have (MAX_PHOTO_PIXELS).
const WIDTH = 7300;
const HEIGHT = 5475;

/** The bench's photo: progressive, with sensor-like grain, ~12 MB as a camera's would be. */
export const bigProgressivePhoto = () => photoLike(WIDTH, HEIGHT, { progressive: true, grain: 20 });

/** A request as the app's page sends it (same origin); throws on an answer that is not 2xx. */
export async function send(url, cookie, method, path, { json, body, type } = {}) {
  const headers = { cookie, origin: url };
  if (json !== undefined) headers["content-type"] = "application/json";
  if (type) headers["content-type"] = type;
  const response = await fetch(`${url}${path}`, {
    method,
    headers,
    body: json !== undefined ? JSON.stringify(json) : body,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path.split("?")[0]}: ${response.status} ${text.slice(0, 200)}`);
  return text ? JSON.parse(text) : null;
}

/** Upload the JPEG `photo` as the member with `cookie` (ask for a URL, PUT, set-acl): answers its objectPath. */
export async function upload(url, cookie, photo) {
  const { uploadURL, objectPath } = await send(url, cookie, "POST", "/api/objects/upload");
  await send(url, cookie, "PUT", uploadURL, { body: photo, type: "image/jpeg" });
  await send(url, cookie, "POST", "/api/objects/set-acl", { json: { objectPath, visibility: "private" } });
  return objectPath;
}

/**
 * Against a running server with the sample templates, idle for `idleSeconds` first (a running
 * server, not one that has just started: V8 gives back its start-up heap some 15–20 s after the
 * last activity, as the bench's other memory rows allow for): every member of `cookies` uploads
 * `photo`, then all post it at once. Answers resident memory in MB before, at its peak while the
 * photos were uploaded and while they were posted (sampled every 50 ms), and after, and the seconds
 * the posts took.
 */
export async function postPhotosAtOnce(server, cookies, photo, { idleSeconds }) {
  const [dragon] = await (await fetch(`${server.url}/api/dragons`)).json();
  if (!dragon) throw new Error("the server has no templates to post a drawing of");
  await sleep(idleSeconds * 1000);
  const before = residentMb(server.pid);
  /** `run`'s answer, and the server's peak resident memory while it ran. */
  const watched = async (run) => {
    const watch = watchMemory(server.pid, { intervalMs: 50 });
    try {
      const value = await run();
      return { value, peak: watch.stop().peak };
    } finally {
      watch.stop();
    }
  };
  const uploads = await watched(() => Promise.all(cookies.map((cookie) => upload(server.url, cookie, photo))));
  const started = performance.now();
  const posts = await watched(() =>
    Promise.all(
      cookies.map((cookie, i) =>
        send(server.url, cookie, "POST", "/api/posts", {
          json: { dragonId: dragon.id, description: `Forty megapixels (${i + 1})`, images: [uploads.value[i]] },
        }),
      ),
    ),
  );
  const postSeconds = (performance.now() - started) / 1000;
  return { before, uploadPeak: uploads.peak, postPeak: posts.peak, after: residentMb(server.pid), postSeconds };
}
