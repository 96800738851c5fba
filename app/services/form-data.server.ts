/**
 * Reading HTML form posts in page actions. A body that is not a form (JSON,
 * text/plain, octet-stream, multipart without a boundary) or that cannot be
 * parsed is refused with a thrown `Response`, which Remix renders with the
 * route's error boundary, never as a 500.
 */

const FORM_CONTENT_TYPE = /^application\/x-www-form-urlencoded\b/i;
const MULTIPART_WITH_BOUNDARY = /^multipart\/form-data\b.*;\s*boundary=/i;

/**
 * The posted form fields of a page action.
 * @throws Response 415 when the Content-Type is not a form encoding; 400 when the body is not a readable form.
 */
export async function readFormData(request: Request): Promise<FormData> {
  const contentType = request.headers.get("Content-Type") ?? "";
  if (!FORM_CONTENT_TYPE.test(contentType) && !MULTIPART_WITH_BOUNDARY.test(contentType)) {
    throw new Response("This page accepts form posts only (application/x-www-form-urlencoded or multipart/form-data).", {
      status: 415,
      statusText: "Unsupported Media Type",
    });
  }
  try {
    return await request.formData();
  } catch {
    throw new Response("The form could not be read. Please submit it again.", { status: 400, statusText: "Bad Request" });
  }
}
