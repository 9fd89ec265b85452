// Part of `npm run bench`: a 12 MP photo of a drawing of the server's first template, on the blank
// grid page of the app's PDF for the default paper with its corner marks (scripts/lib/drawing-photo.ts,
// printed-grid-page.ts), written to a file; prints its path.
import { DEFAULT_CANVAS_PAPER, photoOfDrawing } from "./drawing-photo";
import { printedGridPage } from "./printed-grid-page";

const [baseUrl] = process.argv.slice(2);
const [dragon] = (await (await fetch(`${baseUrl}/api/dragons`)).json()) as { id: string; hiresUrl: string }[];
const template = Buffer.from(await (await fetch(`${baseUrl}${dragon!.hiresUrl}`)).arrayBuffer());
const photo = await photoOfDrawing(template, {
  sheet: await printedGridPage(DEFAULT_CANVAS_PAPER, { dragonId: dragon!.id }),
  moved: [{ column: 5, row: 3, dx: 0, dy: 3 }],
});
console.log(JSON.stringify({ dragonId: dragon!.id, file: photo.file }));
