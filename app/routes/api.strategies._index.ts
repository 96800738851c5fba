import { listStrategies, toApiStrategy } from "~/models/strategies.server";
import { apiHandler, apiJson, methodNotAllowed } from "~/services/http.server";

/** GET /api/strategies: every strategy, catalogue order. Public. */
export const loader = apiHandler(() => apiJson(listStrategies().map(toApiStrategy)));

export const action = () => methodNotAllowed(["GET"]);
