// A quest's name and description in the interface language: the domain's catalogue gives ids and English texts, the
// locale files give both languages; a quest the web does not know yet (added on the server) keeps the server's text.
import { useTranslation } from "react-i18next";

export interface QuestText {
  name: string;
  description: string;
}

export function useQuestText(): (quest: {
  id: string;
  name: string;
  description?: string;
}) => QuestText {
  const { t } = useTranslation();
  return (quest) => ({
    name: t(`quests.${quest.id}.name` as "quests.first_api_call.name", {
      defaultValue: quest.name,
    }),
    description: t(`quests.${quest.id}.description` as "quests.first_api_call.description", {
      defaultValue: quest.description ?? "",
    }),
  });
}
