// Stands in for jsPDF's optional imports (html2canvas, DOMPurify, canvg), used only by its
// html() and SVG features, which the ata's PDF does not use: bundled, they made three more chunks
// (about 380 KB) that every phone's service worker would precache and never run.
export default function unused(): never {
  throw new Error('Recurso do jsPDF não incluído neste aplicativo.')
}
export const Canvg = unused
