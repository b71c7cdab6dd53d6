/**
 * Stored files a browser may show in place: raster images, audio, video and PDF. Anything else (SVG, HTML, XML,
 * office documents, unknown types) can carry script or markup, so it is only ever downloaded.
 */
const INLINE_MEDIA_TYPE = /^(image\/(png|jpeg|gif|webp|avif|bmp)|audio\/[\w.+-]+|video\/[\w.+-]+|application\/pdf)$/;

/** Whether a file of this content type (parameters such as `; codecs=opus` ignored, any case) is shown inline. */
export const isInlineMediaType = (type: string | null | undefined) =>
  INLINE_MEDIA_TYPE.test((type ?? '').split(';')[0]!.trim().toLowerCase());
