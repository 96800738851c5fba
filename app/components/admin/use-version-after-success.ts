/**
 * Resetting forms after a successful post with JavaScript: a successful action
 * redirects (post/redirect/get), so the page comes back with no action data.
 */
import { useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";

export type Navigation = ReturnType<typeof useNavigation>;

/**
 * A number that grows by one each time a post matching `isOwn` ends with no
 * action data (it succeeded); use it in a form's `key` so the form remounts
 * with the reloaded defaults.
 * @param isOwn picks the posts this counter follows (e.g. by their `intent` field).
 * @param actionData the page's `useActionData()` for those posts.
 */
export function useVersionAfterSuccess(isOwn: (navigation: Navigation) => boolean, actionData: unknown): number {
  const navigation = useNavigation();
  const [version, setVersion] = useState(0);
  const submitted = useRef(false);
  useEffect(() => {
    if (navigation.state === "submitting" && isOwn(navigation)) submitted.current = true;
    if (navigation.state === "idle" && submitted.current) {
      submitted.current = false;
      if (!actionData) setVersion((v) => v + 1);
    }
  }, [navigation, actionData, isOwn]);
  return version;
}
