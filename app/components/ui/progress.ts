/** Styles a native <progress> element the same way in every engine, light and dark. */
export const progressBarClass =
  "h-2.5 w-full appearance-none overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700 [&::-moz-progress-bar]:bg-blue-700 dark:[&::-moz-progress-bar]:bg-blue-400 [&::-webkit-progress-bar]:bg-slate-200 dark:[&::-webkit-progress-bar]:bg-slate-700 [&::-webkit-progress-value]:bg-blue-700 dark:[&::-webkit-progress-value]:bg-blue-400";
