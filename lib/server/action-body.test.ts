import { describe, expect, it } from "vitest";
import { isWellFormedActionBody } from "./action-body";

const TEXT = "text/plain;charset=UTF-8";
const text = (body: string) => isWellFormedActionBody(TEXT, Buffer.from(body));

async function multipart(fields: Record<string, string | Blob>): Promise<boolean> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const request = new Request("http://localhost/", { method: "POST", body: form });
  const body = Buffer.from(await request.arrayBuffer());
  return isWellFormedActionBody(request.headers.get("content-type") ?? undefined, body);
}

describe("Server Action bodies", () => {
  it("accepts what React's encodeReply sends: JSON values, escaped strings, dates, form data with its fields", async () => {
    expect(await text("[]")).toBe(true);
    expect(
      await text('[{"status":"idle","message":"$$ off"},"$undefined","$D2026-01-01T00:00:00.000Z","$n12"]'),
    ).toBe(true);
    expect(await multipart({ "0": '["$K1"]', "1_email": "a@b.c", "1_password": "x" })).toBe(true);
    expect(await multipart({ "0": '[{"state":"$1"},"$K2"]', "1": '{"ok":true}' })).toBe(true);
    expect(await multipart({ "0": '["$B1"]', "1": new Blob(["x"]) })).toBe(true);
  });

  it("refuses references to parts that are not there, JSON that does not parse and unsupported tags", async () => {
    expect(await text('["$B1"]')).toBe(false);
    expect(await text('["$K1"]')).toBe(false);
    expect(await text('["$1"]')).toBe(false);
    expect(await text("[{")).toBe(false);
    expect(await text("null")).toBe(false);
    expect(await text('{"0":1}')).toBe(false);
    expect(await text('["$F1"]')).toBe(false);
    expect(await text('["$"]')).toBe(false);
    expect(await multipart({ "0": '["$B1"]', "1": "not a blob" })).toBe(false);
    expect(await multipart({ "0": '["$2"]', "1": "{}" })).toBe(false);
    expect(await multipart({ "0": '["$1"]', "1": "{not json" })).toBe(false);
    expect(await multipart({ "1": "{}" })).toBe(false);
    expect(await isWellFormedActionBody("multipart/form-data", Buffer.from("garbage"))).toBe(false);
  });

  it("a reference cycle or a deep nesting is bounded", async () => {
    expect(await multipart({ "0": '["$1"]', "1": '["$1"]' })).toBe(true);
    expect(await text(`${"[".repeat(200)}${"]".repeat(200)}`)).toBe(false);
  });
});
