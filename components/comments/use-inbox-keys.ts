import { useEffect, useRef } from "react";

// The inbox's keyboard: j / k move the selection, r opens the reply under the selected comment. Keys
// typed into a field, with a modifier, or while a dialog is open are left alone.

type Handlers = { next: () => void; previous: () => void; reply: () => void };

const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName));

export const useInboxKeys = (handlers: Handlers) => {
  const current = useRef(handlers);
  useEffect(() => {
    current.current = handlers;
  });
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.metaKey || e.ctrlKey || e.altKey || isTyping(e.target) || document.querySelector("[role=dialog]")) return;
      const handler = { j: current.current.next, k: current.current.previous, r: current.current.reply }[e.key];
      if (!handler) return;
      e.preventDefault();
      handler();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);
};
