/** The root error page's body for the server render only (see ~/components/split-component). */
export { RootErrorBody } from "~/components/root-error";
