// Types for the untyped marker library the drawing check uses (decision 028).

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
  const aruco: { AR: typeof AR };
  export default aruco;
}
