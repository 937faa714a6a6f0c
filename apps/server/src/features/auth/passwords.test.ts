// The breached-password list loads on the first check (docs/decisions/204-start-up-lazy-modules.md): checks that
// arrive together before it has loaded all wait for it and get the list's answer.
import { expect, it } from "vitest";
import { COMMON_PASSWORD_MESSAGE, isCommonPassword, passwordProblem } from "./passwords.js";

it("answers checks that arrive before the list has loaded from the list", async () => {
  const answers = await Promise.all([
    isCommonPassword("password1"),
    isCommonPassword("Tr0ub4dor&3-horse"),
    isCommonPassword("P@ssw0rd!"),
    passwordProblem("Monkey123!"),
    passwordProblem("Zq7!wVx9Lk"),
  ]);
  expect(answers).toEqual([
    true,
    false,
    true,
    { code: "common_password", message: COMMON_PASSWORD_MESSAGE, params: {} },
    null,
  ]);
});
