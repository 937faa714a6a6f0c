// Remembered drafts: what is typed survives leaving the screen (unmount) and coming back, encrypted in session storage.
import { act, renderHook, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { useRememberedDraft } from "./remembered-draft";
import { SECURE_PREFIX } from "./secure-storage";

afterEach(() => sessionStorage.clear());

describe("remembered draft", () => {
  it("keeps the text across leaving and coming back, encrypted, and forgets it once cleared", async () => {
    const first = renderHook(() => useRememberedDraft("chat-draft"));
    act(() => first.result.current[1]("half a question about שלום"));
    await waitFor(() =>
      expect(sessionStorage.getItem(`${SECURE_PREFIX}chat-draft`)).not.toBeNull(),
    );
    expect(sessionStorage.getItem(`${SECURE_PREFIX}chat-draft`)).not.toContain("question");
    first.unmount();

    const again = renderHook(() => useRememberedDraft("chat-draft"));
    await waitFor(() => expect(again.result.current[0]).toBe("half a question about שלום"));
    act(() => again.result.current[1](""));
    await waitFor(() => expect(sessionStorage.getItem(`${SECURE_PREFIX}chat-draft`)).toBeNull());
    again.unmount();

    const third = renderHook(() => useRememberedDraft("chat-draft"));
    // Nothing comes back: give the read its chance, then check.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(third.result.current[0]).toBe("");
  });
});
