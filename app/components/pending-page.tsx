/**
 * Loading states the spec names (six skeleton cards on the strategies and
 * insights lists), shown during client-side navigation to those lists.
 */
import { useLocation, useNavigation } from "@remix-run/react";
import { Skeleton, SkeletonCardGrid } from "~/components/ui/skeleton";

/** Spec section 9: strategies and insights skeleton counts. */
export const LIST_SKELETON_COUNT = 6;

const LISTS: Record<string, string> = {
  "/strategies": "Loading strategies",
  "/insights": "Loading insights",
};

/** The skeleton for the list page being navigated to, or null. */
export function usePendingListSkeleton() {
  const navigation = useNavigation();
  const location = useLocation();
  if (navigation.state !== "loading") return null;
  const target = navigation.location.pathname.toLowerCase().replace(/\/$/, "");
  const label = LISTS[target];
  if (!label || location.pathname.toLowerCase().replace(/\/$/, "") === target) return null;
  return (
    <div className="mx-auto max-w-6xl px-4 py-12">
      <Skeleton className="h-9 w-72 max-w-full" />
      <Skeleton className="mt-4 mb-10 h-5 w-full max-w-2xl" />
      <SkeletonCardGrid count={LIST_SKELETON_COUNT} label={label} />
    </div>
  );
}
