import type { LoaderFunctionArgs } from "@remix-run/node";
import { getPostBySlug, toApiPost } from "~/models/blog.server";
import { apiPostSchema } from "~/schemas/api/catalogue";
import { apiHandler, apiJsonOf, problem, readOnlyAction } from "~/services/http.server";
import { getApiCaller } from "~/services/session.server";

/** GET /api/blog/{slug}: one post (slug case-insensitive), 404 problem when unknown. Public; an API key, when sent, is checked and counted. */
export const loader = apiHandler(async ({ request, params }: LoaderFunctionArgs) => {
  await getApiCaller(request);
  const post = getPostBySlug(params.slug ?? "");
  if (!post) return problem(404, `No post with slug "${params.slug}"`);
  return apiJsonOf(apiPostSchema, toApiPost(post));
}, { access: "catalogue" });

export const action = readOnlyAction("catalogue");
