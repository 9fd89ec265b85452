import { PDFDocument, PDFName, PDFRawStream, StandardFonts } from "@cantoo/pdf-lib";
import { describe, expect, it } from "vitest";
import { ENGLISH_PDF_WORDS, gridPdf, type PdfWords } from "./grid-pdf";
import { GRID_VIEW_DEFAULTS } from "../grid/grid-view";
import {
  TEXT_PICTURE_DPI,
  boxFor,
  fontWrites,
  pictureRect,
  pictureScale,
  placeLine,
  type TextPictures,
  type WordsDirection,
} from "./pdf-text";

const helvetica = async () =>
  new Set((await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica)).getCharacterSet());

/** The PDF's messages as each language's catalog (src/web/locales/{locale}/members.po) translates them today. */
const TRANSLATIONS: Record<string, string[]> = {
  en: [
    "Picture and grid",
    "Grid alone",
    "{part} · sheet {sheet} of {sheets} · row {row}, column {column}",
    "Cut on the dashed lines, lay each cut edge on the dotted line of the sheet it joins, marks on marks, and tape.",
    "Cell {name}",
  ],
  es: [
    "Imagen y cuadrícula",
    "Solo la cuadrícula",
    "{part} · hoja {sheet} de {sheets} · fila {row}, columna {column}",
    "Corta por las líneas discontinuas, pon cada borde cortado sobre la línea de puntos de la hoja con la que se une, marcas sobre marcas, y pega con cinta.",
    "Casilla {name}",
  ],
  "pt-BR": [
    "Imagem e grade",
    "Só a grade",
    "{part} · folha {sheet} de {sheets} · linha {row}, coluna {column}",
    "Corte nas linhas tracejadas, coloque cada borda cortada sobre a linha pontilhada da folha vizinha, marcas sobre marcas, e prenda com fita.",
    "Quadrado {name}",
  ],
  fr: [
    "Image et grille",
    "Grille seule",
    "{part} · feuille {sheet} sur {sheets} · rangée {row}, colonne {column}",
    "Coupez sur les tirets, posez chaque bord coupé sur la ligne pointillée de la feuille voisine, repères sur repères, puis scotchez.",
    "Case {name}",
  ],
  de: [
    "Bild und Raster",
    "Nur das Raster",
    "{part} · Blatt {sheet} von {sheets} · Reihe {row}, Spalte {column}",
    "Schneide an den gestrichelten Linien, lege jede Schnittkante auf die gepunktete Linie des Nachbarblatts, Marke auf Marke, und klebe alles fest.",
    "Kästchen {name}",
  ],
  ja: [
    "画像とグリッド",
    "グリッドのみ",
    "{part}・{sheets} 枚中 {sheet} 枚目・{row} 段目、{column} 列目",
    "破線で切り、切った辺をつなぐ用紙の点線に合わせ、印と印を重ねてテープで貼ってください。",
    "マス {name}",
  ],
  "zh-Hans": [
    "图片和网格",
    "仅网格",
    "{part} · 第 {sheet} 张，共 {sheets} 张 · 第 {row} 行，第 {column} 列",
    "沿虚线剪开，把每条剪边对准相邻那张纸的点线，标记对标记，再用胶带粘好。",
    "格子 {name}",
  ],
  ar: [
    "الصورة والشبكة",
    "الشبكة وحدها",
    "{part} · الورقة {sheet} من {sheets} · الصف {row}، العمود {column}",
    "قُصّ على الخطوط المتقطعة، وضع كل حافة مقصوصة على الخط المنقّط للورقة التي تتصل بها، العلامة فوق العلامة، ثم ألصقها بالشريط.",
    "المربع {name}",
  ],
};

describe("which lines are drawn as pictures", () => {
  it("the Latin languages' PDF words are all Helvetica's, so they stay text; Japanese, Chinese and Arabic ones are pictures", async () => {
    const letters = await helvetica();
    for (const locale of ["en", "es", "pt-BR", "fr", "de"]) {
      for (const text of TRANSLATIONS[locale]!) expect(fontWrites(letters, text), `${locale}: ${text}`).toBe(true);
    }
    for (const locale of ["ja", "zh-Hans", "ar"]) {
      for (const text of TRANSLATIONS[locale]!) expect(fontWrites(letters, text), `${locale}: ${text}`).toBe(false);
    }
  });

  it("one letter the font lacks makes the whole line a picture; WinAnsi's own extras do not", async () => {
    const letters = await helvetica();
    expect(fontWrites(letters, "Cell B7")).toBe(true);
    expect(fontWrites(letters, "Kästchen · « œ » – ’ €")).toBe(true);
    expect(fontWrites(letters, "Cell B7 →")).toBe(false);
    expect(fontWrites(letters, "マス B7")).toBe(false);
    expect(fontWrites(letters, "")).toBe(true);
  });
});

describe("where a line goes", () => {
  const band = { x: 40, width: 500 };

  it("left to right: at the band's left, shrunk only when wider than the band, as the text always was", () => {
    expect(placeLine(band, 8, 300, "ltr")).toEqual({ x: 40, size: 8, width: 300 });
    const shrunk = placeLine(band, 8, 800, "ltr");
    expect(shrunk.x).toBe(40);
    expect(shrunk.size).toBe(Math.min(8, (8 * 500) / 800));
    expect(shrunk.width).toBeCloseTo(500, 9);
  });

  it("right to left: the band mirrored across the page, the line ending at its right end", () => {
    const mirrored = boxFor(band, 612, "rtl");
    expect(mirrored).toEqual({ x: 612 - 40 - 500, width: 500 });
    expect(boxFor(band, 612, "ltr")).toBe(band);
    const line = placeLine(mirrored, 8, 300, "rtl");
    expect(line.size).toBe(8);
    expect(line.x + line.width).toBeCloseTo(612 - 40, 9);
    const shrunk = placeLine(mirrored, 6.5, 1000, "rtl");
    expect(shrunk.size).toBeCloseTo(3.25, 9);
    expect(shrunk.x).toBeCloseTo(mirrored.x, 9);
  });

  it("a picture sits on the line's baseline, its letters starting where the text would", () => {
    const picture = { png: new Uint8Array(), width: 120, height: 12, left: 0.5, baseline: 9 };
    expect(pictureRect(picture, 100, 700)).toEqual({ x: 99.5, y: 697, width: 120, height: 12 });
  });

  it("pictures are drawn at print resolution", () => {
    expect(TEXT_PICTURE_DPI).toBeGreaterThanOrEqual(300);
    const { fontPixels, pointsPerPixel } = pictureScale(8);
    expect(fontPixels * pointsPerPixel).toBeCloseTo(8, 9);
    expect(fontPixels).toBeCloseTo((8 / 72) * TEXT_PICTURE_DPI, 9);
  });
});

// A 2 × 2 grey JPEG (the picture under the grid) and a 2 × 1 half-transparent PNG (a line of words).
const JPEG = Buffer.from(
  "/9j/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAACAAIDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAT/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFAEBAAAAAAAAAAAAAAAAAAAAAP/EABQRAQAAAAAAAAAAAAAAAAAAAAD/2gAMAwEAAhEDEQA/AKwAf//Z",
  "base64",
);
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAYAAAD0In+KAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAADklEQVQImWNgYGBoAGEAAwkBAR7Ly4EAAAAASUVORK5CYII=",
  "base64",
);

const JAPANESE: PdfWords = {
  title: "Dragon Grid 描画グリッド",
  pictureAndGrid: "画像とグリッド",
  gridAlone: "グリッドのみ",
  sheetPlace: (part, { sheet, sheets, row, column }) =>
    `${part}・${sheets} 枚中 ${sheet} 枚目・${row} 段目、${column} 列目`,
  joinSheets: "破線で切り、切った辺をつなぐ用紙の点線に合わせ、印と印を重ねてテープで貼ってください。",
  cell: (label) => `マス ${label}`,
  practiceTitle: "練習シート",
  practiceHow: "各マスを隣の空いたマスに写し、このシートの写真を「絵をチェック」で確かめましょう。",
  lang: "ja",
  direction: "ltr",
};

/** Legal paper on Letter sheets (two a copy, with their labels), with cell sheets; the lines drawn as pictures. */
async function legalOnLetter(words: PdfWords) {
  const drawn: { text: string; size: number; direction: WordsDirection }[] = [];
  const textPictures: TextPictures = {
    measure: (text, size) => text.length * size * 0.9,
    draw: (text, { size, direction }) => {
      drawn.push({ text, size, direction });
      return Promise.resolve({ png: PNG, width: text.length * size, height: size * 1.4, left: 0.2, baseline: size });
    },
  };
  const bytes = await gridPdf({
    scene: {
      paperWidth: 14,
      paperHeight: 8.5,
      gridSize: 1,
      zoom: 1,
      offsetX: 0,
      offsetY: 0,
      imageSize: { width: 2, height: 2 },
    },
    unit: "in",
    view: GRID_VIEW_DEFAULTS,
    picture: () => Promise.resolve(JPEG.buffer.slice(JPEG.byteOffset, JPEG.byteOffset + JPEG.byteLength)),
    cellSheets: true,
    blankCells: new Set(),
    sheet: "letter",
    marginMm: 6.35,
    words,
    textPictures,
    dragonId: "00000000-0000-4000-8000-000000000000",
  });
  const pdf = await PDFDocument.load(bytes);
  return { drawn, pages: pdf.getPageCount(), images: imagesIn(pdf), title: pdf.getTitle() };
}

/** How many images (each picture, each transparency) a PDF holds. */
const imagesIn = (pdf: PDFDocument) =>
  pdf.context
    .enumerateIndirectObjects()
    .filter(([, o]) => o instanceof PDFRawStream && o.dict.get(PDFName.of("Subtype")) === PDFName.of("Image")).length;

describe("the PDF's words", () => {
  it("in English, all text: nothing drawn as a picture", async () => {
    const { drawn, images, title } = await legalOnLetter(ENGLISH_PDF_WORDS);
    expect(drawn).toEqual([]);
    // The picture under the grid, and one per cell sheet's cell (126).
    expect(images).toBe(1 + 14 * 9);
    expect(title).toBe("Dragon Grid drawing grid");
  });

  it("in Japanese, every line as a picture, each embedded once: four sheet labels, the instructions, 126 cell headings", async () => {
    const { drawn, images, pages, title } = await legalOnLetter(JAPANESE);
    expect(pages).toBe(4 + Math.ceil(126 / 6));
    expect(title).toBe("Dragon Grid 描画グリッド");
    const texts = drawn.map((d) => d.text);
    expect(texts).toContain("画像とグリッド・2 枚中 1 枚目・1 段目、1 列目");
    expect(texts).toContain("グリッドのみ・2 枚中 2 枚目・1 段目、2 列目");
    expect(texts.filter((t) => t === JAPANESE.joinSheets)).toHaveLength(1);
    expect(texts).toContain("マス N9");
    expect(drawn).toHaveLength(4 + 1 + 126);
    expect(drawn.every((d) => d.direction === "ltr")).toBe(true);
    expect(drawn.find((d) => d.text === "マス A1")!.size).toBe(11);
    // Each line's PNG and its transparency (a soft mask) beside the JPEGs.
    expect(images).toBe(1 + 126 + 2 * drawn.length);
  });

  it("in Arabic, the lines drawn right to left", async () => {
    const { drawn } = await legalOnLetter({
      ...JAPANESE,
      pictureAndGrid: "الصورة والشبكة",
      cell: (label) => `المربع ${label}`,
      lang: "ar",
      direction: "rtl",
    });
    expect(drawn.length).toBeGreaterThan(0);
    expect(drawn.every((d) => d.direction === "rtl")).toBe(true);
    expect(drawn.map((d) => d.text)).toContain("المربع A1");
  });

  it("without a way to draw pictures, words the font cannot write print in English", async () => {
    const bytes = await gridPdf({
      scene: {
        paperWidth: 14,
        paperHeight: 8.5,
        gridSize: 1,
        zoom: 1,
        offsetX: 0,
        offsetY: 0,
        imageSize: { width: 2, height: 2 },
      },
      unit: "in",
      view: GRID_VIEW_DEFAULTS,
      picture: () => Promise.resolve(JPEG.buffer.slice(JPEG.byteOffset, JPEG.byteOffset + JPEG.byteLength)),
      cellSheets: false,
      blankCells: new Set(),
      sheet: "letter",
      marginMm: 6.35,
      words: JAPANESE,
      dragonId: "00000000-0000-4000-8000-000000000000",
    });
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBe(4);
    // The picture under the grid only: the words went in as (English) text.
    expect(imagesIn(pdf)).toBe(1);
    expect(pdf.getTitle()).toBe("Dragon Grid 描画グリッド");
  });
});
