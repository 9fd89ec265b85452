import { describe, expect, it } from "vitest";
import { serverMessage } from "./errors";

describe("serverMessage", () => {
  it("reads the server's words from an error in the spec's '{status}: {text}' form", () => {
    expect(serverMessage(new Error("401: Invalid email or password"))).toBe("Invalid email or password");
    expect(serverMessage(new Error("400: Invalid email:\n Please enter a valid email address "))).toBe(
      "Invalid email:\n Please enter a valid email address",
    );
  });

  it("is null when there are no words from the server", () => {
    expect(serverMessage(new Error("500:  "))).toBeNull();
    expect(serverMessage(new TypeError("Failed to fetch"))).toBeNull();
    expect(serverMessage("401: not an Error")).toBeNull();
  });
});
