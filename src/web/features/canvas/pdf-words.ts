import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { directionOf } from "../../../shared/i18n/locales";
import type { PdfWords } from "../../../shared/print/grid-pdf";

/** The PDF's titles and instructions, in the learner's language and its direction (decision 059). */
export function pdfWords(i18n: I18n): PdfWords {
  return {
    title: i18n._(msg`Dragon Grid drawing grid`),
    pictureAndGrid: i18n._(msg`Picture and grid`),
    gridAlone: i18n._(msg`Grid alone`),
    sheetPlace: (part, { sheet, sheets, row, column }) =>
      i18n._(msg`${part} · sheet ${sheet} of ${sheets} · row ${row}, column ${column}`),
    joinSheets: i18n._(
      msg`Cut on the dashed lines, lay each cut edge on the dotted line of the sheet it joins, marks on marks, and tape.`,
    ),
    cell: (name) => i18n._(msg`Cell ${name}`),
    practiceTitle: i18n._(msg`Practice sheet`),
    practiceHow: i18n._(
      msg`Copy each square into the empty one beside it, then check a photo of this sheet with 'Check my drawing'.`,
    ),
    lang: i18n.locale,
    direction: directionOf(i18n.locale),
  };
}
