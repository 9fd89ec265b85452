import { describe, expect, it } from "vitest";
import { csvCell, toCsv } from "./csv";

describe("CSV for spreadsheets", () => {
  it("leaves ordinary cells alone", () => {
    expect(csvCell("ann@example.com")).toBe("ann@example.com");
    expect(csvCell("2026-06-15T00:00:00.000Z")).toBe("2026-06-15T00:00:00.000Z");
    expect(csvCell("")).toBe("");
    // A formula character later in the cell is harmless.
    expect(csvCell("a=b+c-d@e.test")).toBe("a=b+c-d@e.test");
  });

  it.each(["=", "+", "-", "@", "\t", "\r"])("keeps a cell starting with %j from running as a formula", (start) => {
    expect(csvCell(`${start}1+1`)).toBe(`"'${start}1+1"`);
  });

  it("quotes commas, quotes and line breaks, doubling quotes", () => {
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
    expect(csvCell('=cmd|" /C calc"!A0')).toBe(`"'=cmd|"" /C calc""!A0"`);
  });

  it("ends every line, the last too, with CRLF", () => {
    expect(
      toCsv(
        ["email", "joined"],
        [
          ["a@x.test", "2026-01-01"],
          ["-b@x.test", "2026-01-02"],
        ],
      ),
    ).toBe('email,joined\r\na@x.test,2026-01-01\r\n"\'-b@x.test",2026-01-02\r\n');
    expect(toCsv(["email", "joined"], [])).toBe("email,joined\r\n");
  });
});
