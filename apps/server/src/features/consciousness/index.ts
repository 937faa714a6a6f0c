// Public API of the consciousness feature.
export { consciousnessRoutes } from "./routes.js";
export {
  type ConsciousnessService,
  type ConsciousnessState,
  type ConsciousnessValues,
  createConsciousnessService,
} from "./service.js";
