// The team invitation mail, in the recipient's language (Hebrew is the product's default).
import { INVITE_TTL_DAYS } from "@aacos/domain/teams";
import { localizedMail, type Mail } from "../mail/index.js";

export function inviteMail(options: {
  to: string;
  locale: string;
  link: string;
  teamName: string;
  inviter: string;
}): Mail {
  const { to, link, teamName, inviter } = options;
  return localizedMail(to, options.locale, {
    en: {
      subject: `${inviter} invited you to the team ${teamName} on AACOS`,
      lines: [
        `${inviter} invited you to join the team "${teamName}" on AACOS.`,
        "",
        `To accept or decline, open this link within ${INVITE_TTL_DAYS} days (it works once):`,
        link,
        "",
        "Sign in (or create an account) with this e-mail address to accept.",
        "If you did not expect this invitation, ignore this mail.",
      ],
    },
    he: {
      subject: `${inviter} הזמין/ה אותך לצוות ${teamName} ב-AACOS`,
      lines: [
        `${inviter} הזמין/ה אותך להצטרף לצוות "${teamName}" ב-AACOS.`,
        "",
        `כדי לקבל או לדחות את ההזמנה, יש לפתוח את הקישור הזה בתוך ${INVITE_TTL_DAYS} ימים (הוא פועל פעם אחת):`,
        link,
        "",
        "כדי לקבל את ההזמנה יש להתחבר (או להירשם) עם כתובת הדוא״ל הזו.",
        "אם לא ציפית להזמנה הזו, אפשר להתעלם מהודעה זו.",
      ],
    },
  });
}
