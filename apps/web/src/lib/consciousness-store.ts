// The local consciousness store of docs/product.md §3: awarenessLevel and integrationScore, both 0 until a screen sets them.
import { create } from "zustand";

export interface ConsciousnessState {
  awarenessLevel: number;
  integrationScore: number;
  setLevels: (levels: { awarenessLevel?: number; integrationScore?: number }) => void;
}

export const useConsciousnessStore = create<ConsciousnessState>()((set) => ({
  awarenessLevel: 0,
  integrationScore: 0,
  setLevels: (levels) => set(levels),
}));
