// Public API of autonomous control: the service and its routes.
export { autonomousRoutes } from "./routes.js";
export { AUTONOMOUS_QUEUE, type AutonomousService, createAutonomousService } from "./service.js";
