// Types for the two small untyped libraries the drawing check uses (decision 028).

declare module "perspective-transform" {
  interface PerspectiveTransform {
    transform(x: number, y: number): [number, number];
    transformInverse(x: number, y: number): [number, number];
    /** a b c d e f g h 1: x' = (a x + b y + c) / (g x + h y + 1), y' = (d x + e y + f) / (g x + h y + 1). */
    coeffs: number[];
    coeffsInv: number[];
  }
  /** Corners as [x0, y0, x1, y1, x2, y2, x3, y3]. */
  function PerspT(source: number[], destination: number[]): PerspectiveTransform;
  export default PerspT;
}

declare module "js-aruco2" {
  export namespace AR {
    interface Point {
      x: number;
      y: number;
    }
    class Marker {
      id: number;
      /** Clockwise from the marker's own top-left corner, in image pixels. */
      corners: Point[];
      hammingDistance: number;
    }
    class Detector {
      constructor(config?: { dictionaryName?: string; maxHammingDistance?: number });
      detect(image: { width: number; height: number; data: Uint8ClampedArray | Uint8Array }): Marker[];
    }
    class Dictionary {
      constructor(name: string);
      generateSVG(id: number): string;
      codeList: string[];
      markSize: number;
    }
  }
}
