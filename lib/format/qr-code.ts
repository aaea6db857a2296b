import QRCode from "qrcode";

/**
 * A QR code as an SVG data URL for an <img>, made on the server: what it encodes (an authenticator's
 * secret, a Pix charge) never leaves for a third-party QR service.
 */
export async function qrCodeDataUrl(text: string): Promise<string> {
  const svg = await QRCode.toString(text, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
  return `data:image/svg+xml;base64,${Buffer.from(svg, "utf8").toString("base64")}`;
}
