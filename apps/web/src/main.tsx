// The entry: styles, then the app. index.html already paints the start screen, so the first paint waits for nothing
// but the HTML and the stylesheet; React, the router and the rest arrive as one dynamic import (docs/decisions/171).
import "@fontsource-variable/heebo/index.css";
import "./app/styles.css";

import("./app/start").catch((error: unknown) => {
  // The app's code did not arrive (network, a deploy in between): say so on the start screen; a reload retries.
  console.error("The app could not load", error);
  document.getElementById("boot-failed")?.removeAttribute("hidden");
});
