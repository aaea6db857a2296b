import QRCode from "qrcode";

/**
 * The otpauth URI as a QR code for the authenticator app to scan: an SVG made on the server, as a
 * data URL for an <img> (the secret never leaves for a third-party QR service).
 */
export async function qrCodeDataUrl(uri: string): Promise<string> {
  const svg = await QRCode.toString(uri, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
  return `data:image/svg+xml;base64,${Buffer.from(svg, "utf8").toString("base64")}`;
}
