// Start-up stage 1 of 3 (docs/decisions/270): importing this evaluates the React chunk (react, react-dom, scheduler) in
// a task of its own. One named re-export, so the dynamic import keeps no more of react-dom than the app uses.
export { createRoot } from "react-dom/client";
