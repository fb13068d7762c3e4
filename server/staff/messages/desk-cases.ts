// The texts of the desk's actions on a case and of the overview (issue 42): assigning and taking
// over, duplicates, the lead's overview page and the e-mail to a member given a case. Spread at
// the end of each language of messages.ts, so that MessageKey knows them.

const en = {
  takeOver: 'Take over',
  takeOverQuestion:
    '{name} handles this case. Do you take it over? The history will say that you did.',
  takeOverConfirm: 'Yes, take it over',
  takeOverCancel: 'No, leave it with {name}',
  assignLabel: 'Give it to',
  assignButton: 'Assign',
  assignNoMember: 'Choose a member of staff from the list: this one cannot handle cases.',
  doneAssigned: 'The case is now handled by {name}.',
  history_taken_over: '{name} took it over from {assignee}',
  history_assigned: '{name} gave it to {assignee}',
  mailAssignedSubject: 'A case for you: {reference}',
  mailAssignedBody:
    'A colleague gave you a case to handle. For privacy, this e-mail does not contain what the visitor wrote. Read it in the back office:\n{link}',
  duplicates: 'Duplicates',
  duplicateOf: 'Duplicate of',
  duplicatesOfThis: 'Duplicates of this case',
  duplicateLabel: 'Mark as a duplicate of',
  duplicateHelp:
    'The other case’s reference, as it is read out, such as K7QD M2XA 9F. This case is then closed; the other one stays as it is.',
  duplicateButton: 'Mark as a duplicate',
  duplicateUndoHelp:
    'This case is a duplicate of {reference}, and closed. Undoing gives it back the status it had.',
  duplicateUndo: 'Not a duplicate',
  duplicateSelf: 'A case cannot be a duplicate of itself: write the other case’s reference.',
  duplicateChain:
    '{reference} is itself a duplicate of {original}: mark this case as a duplicate of {original}.',
  duplicateHasCopies:
    'Other cases are duplicates of this one: mark them as duplicates of the other case first.',
  doneDuplicate: 'Marked as a duplicate of {reference}: the case is closed.',
  doneNotDuplicate: 'The case is no longer a duplicate.',
  history_duplicate: '{name} marked it as a duplicate of {reference}',
  history_not_duplicate: '{name} undid “duplicate of {reference}”',
  navOverview: 'Overview',
  overviewTitle: 'Overview',
  overviewIntro:
    'Every form but page feedback; duplicates are not counted. Weeks run from Monday to Sunday, Brussels time.',
  overviewByForm: 'By form',
  overviewByLanguage: 'By language',
  overviewWaiting: 'Waiting for the visitor',
  overviewAnsweredWeek: 'Answered this week',
  overviewAll: 'All forms',
  overviewAllLanguages: 'All languages',
  overviewNone: 'No case yet.',
  overviewOldest: 'Oldest unanswered case',
  overviewOldestLine: 'received {date}, {form}, {status}',
  overviewNoneOpen: 'No case is waiting for an answer.',
  overviewInTime: 'Answered within {days} days, per week',
  overviewInTimeHelp:
    'The cases received each week, and how many the desk answered within {days} days (an answer, a call logged or the status “Answered”). The share counts only the cases whose {days} days are over; cases that need no answer are left out.',
  overviewChartTitle: 'Share answered within {days} days, per week, the last {weeks} weeks',
  overviewWeek: 'Week from',
  overviewReceived: 'Received',
  overviewAnsweredInTime: 'Answered in time',
  overviewNotDue: 'Within {days} days still',
  overviewShare: 'Share in time',
  overviewNoShare: 'no period over yet',
};
type Messages = Record<keyof typeof en, string>;

const nl: Messages = {
  takeOver: 'Overnemen',
  takeOverQuestion:
    '{name} behandelt dit dossier. Neemt u het over? De geschiedenis vermeldt dat u het overnam.',
  takeOverConfirm: 'Ja, overnemen',
  takeOverCancel: 'Nee, laat het bij {name}',
  assignLabel: 'Toewijzen aan',
  assignButton: 'Toewijzen',
  assignNoMember: 'Kies een medewerker uit de lijst: deze persoon kan geen dossiers behandelen.',
  doneAssigned: 'Het dossier wordt nu behandeld door {name}.',
  history_taken_over: '{name} nam het over van {assignee}',
  history_assigned: '{name} wees het toe aan {assignee}',
  mailAssignedSubject: 'Een dossier voor u: {reference}',
  mailAssignedBody:
    'Een collega wees u een dossier toe. Om de privacy te beschermen staat in deze e-mail niet wat de bezoeker schreef. Lees het in de backoffice:\n{link}',
  duplicates: 'Dubbels',
  duplicateOf: 'Dubbel van',
  duplicatesOfThis: 'Dubbels van dit dossier',
  duplicateLabel: 'Markeren als dubbel van',
  duplicateHelp:
    'De referentie van het andere dossier, zoals ze wordt voorgelezen, bijvoorbeeld K7QD M2XA 9F. Dit dossier wordt dan afgesloten; het andere blijft zoals het is.',
  duplicateButton: 'Markeren als dubbel',
  duplicateUndoHelp:
    'Dit dossier is een dubbel van {reference} en is afgesloten. Ongedaan maken geeft het zijn vorige status terug.',
  duplicateUndo: 'Geen dubbel',
  duplicateSelf:
    'Een dossier kan geen dubbel van zichzelf zijn: schrijf de referentie van het andere dossier.',
  duplicateChain:
    '{reference} is zelf een dubbel van {original}: markeer dit dossier als dubbel van {original}.',
  duplicateHasCopies:
    'Andere dossiers zijn dubbels van dit dossier: markeer die eerst als dubbel van het andere dossier.',
  doneDuplicate: 'Gemarkeerd als dubbel van {reference}: het dossier is afgesloten.',
  doneNotDuplicate: 'Het dossier is geen dubbel meer.',
  history_duplicate: '{name} markeerde het als dubbel van {reference}',
  history_not_duplicate: '{name} maakte „dubbel van {reference}” ongedaan',
  navOverview: 'Overzicht',
  overviewTitle: 'Overzicht',
  overviewIntro:
    'Alle formulieren behalve de feedback op pagina’s; dubbels tellen niet mee. Een week loopt van maandag tot zondag, Brusselse tijd.',
  overviewByForm: 'Per formulier',
  overviewByLanguage: 'Per taal',
  overviewWaiting: 'Wacht op de bezoeker',
  overviewAnsweredWeek: 'Beantwoord deze week',
  overviewAll: 'Alle formulieren',
  overviewAllLanguages: 'Alle talen',
  overviewNone: 'Nog geen dossiers.',
  overviewOldest: 'Oudste onbeantwoorde dossier',
  overviewOldestLine: 'ontvangen {date}, {form}, {status}',
  overviewNoneOpen: 'Geen enkel dossier wacht op een antwoord.',
  overviewInTime: 'Beantwoord binnen {days} dagen, per week',
  overviewInTimeHelp:
    'De dossiers die elke week binnenkwamen, en hoeveel het loket binnen {days} dagen beantwoordde (een antwoord, een genoteerd telefoongesprek of de status „Beantwoord”). Het aandeel telt alleen de dossiers waarvan de {days} dagen voorbij zijn; dossiers die geen antwoord nodig hebben, tellen niet mee.',
  overviewChartTitle: 'Aandeel beantwoord binnen {days} dagen, per week, de laatste {weeks} weken',
  overviewWeek: 'Week vanaf',
  overviewReceived: 'Ontvangen',
  overviewAnsweredInTime: 'Op tijd beantwoord',
  overviewNotDue: 'Nog binnen {days} dagen',
  overviewShare: 'Aandeel op tijd',
  overviewNoShare: 'nog geen termijn verstreken',
};

const fr: Messages = {
  takeOver: 'Reprendre',
  takeOverQuestion:
    '{name} traite ce dossier. Le reprenez-vous ? L’historique indiquera que vous l’avez repris.',
  takeOverConfirm: 'Oui, reprendre le dossier',
  takeOverCancel: 'Non, le laisser à {name}',
  assignLabel: 'Confier à',
  assignButton: 'Confier',
  assignNoMember:
    'Choisissez un membre du personnel dans la liste : cette personne ne peut pas traiter de dossiers.',
  doneAssigned: 'Le dossier est maintenant traité par {name}.',
  history_taken_over: '{name} l’a repris à {assignee}',
  history_assigned: '{name} l’a confié à {assignee}',
  mailAssignedSubject: 'Un dossier pour vous : {reference}',
  mailAssignedBody:
    'Un collègue vous a confié un dossier. Pour protéger la vie privée, cet e-mail ne contient pas ce que la personne a écrit. Lisez-le dans le back-office :\n{link}',
  duplicates: 'Doublons',
  duplicateOf: 'Doublon de',
  duplicatesOfThis: 'Doublons de ce dossier',
  duplicateLabel: 'Marquer comme doublon de',
  duplicateHelp:
    'La référence de l’autre dossier, telle qu’on la lit à voix haute, par exemple K7QD M2XA 9F. Ce dossier-ci est alors clôturé ; l’autre reste tel quel.',
  duplicateButton: 'Marquer comme doublon',
  duplicateUndoHelp:
    'Ce dossier est un doublon de {reference} et il est clôturé. Annuler lui rend le statut qu’il avait.',
  duplicateUndo: 'Ce n’est pas un doublon',
  duplicateSelf:
    'Un dossier ne peut pas être le doublon de lui-même : écrivez la référence de l’autre dossier.',
  duplicateChain:
    '{reference} est lui-même un doublon de {original} : marquez ce dossier comme doublon de {original}.',
  duplicateHasCopies:
    'D’autres dossiers sont des doublons de celui-ci : marquez-les d’abord comme doublons de l’autre dossier.',
  doneDuplicate: 'Marqué comme doublon de {reference} : le dossier est clôturé.',
  doneNotDuplicate: 'Le dossier n’est plus un doublon.',
  history_duplicate: '{name} l’a marqué comme doublon de {reference}',
  history_not_duplicate: '{name} a annulé « doublon de {reference} »',
  navOverview: 'Vue d’ensemble',
  overviewTitle: 'Vue d’ensemble',
  overviewIntro:
    'Tous les formulaires sauf les avis sur les pages ; les doublons ne sont pas comptés. Les semaines vont du lundi au dimanche, heure de Bruxelles.',
  overviewByForm: 'Par formulaire',
  overviewByLanguage: 'Par langue',
  overviewWaiting: 'En attente de la personne',
  overviewAnsweredWeek: 'Répondu cette semaine',
  overviewAll: 'Tous les formulaires',
  overviewAllLanguages: 'Toutes les langues',
  overviewNone: 'Aucun dossier pour l’instant.',
  overviewOldest: 'Plus ancien dossier sans réponse',
  overviewOldestLine: 'reçu le {date}, {form}, {status}',
  overviewNoneOpen: 'Aucun dossier n’attend de réponse.',
  overviewInTime: 'Répondu en {days} jours au plus, par semaine',
  overviewInTimeHelp:
    'Les dossiers reçus chaque semaine, et combien le guichet en a répondu en {days} jours au plus (une réponse, un appel noté ou le statut « Répondu »). La part ne compte que les dossiers dont les {days} jours sont écoulés ; les dossiers qui ne demandent pas de réponse sont laissés de côté.',
  overviewChartTitle:
    'Part répondue en {days} jours au plus, par semaine, les {weeks} dernières semaines',
  overviewWeek: 'Semaine du',
  overviewReceived: 'Reçus',
  overviewAnsweredInTime: 'Répondus à temps',
  overviewNotDue: 'Encore dans les {days} jours',
  overviewShare: 'Part à temps',
  overviewNoShare: 'aucun délai écoulé',
};

const de: Messages = {
  takeOver: 'Übernehmen',
  takeOverQuestion:
    '{name} bearbeitet diesen Fall. Übernehmen Sie ihn? Der Verlauf hält fest, dass Sie ihn übernommen haben.',
  takeOverConfirm: 'Ja, übernehmen',
  takeOverCancel: 'Nein, bei {name} lassen',
  assignLabel: 'Zuweisen an',
  assignButton: 'Zuweisen',
  assignNoMember: 'Wählen Sie eine Person aus der Liste: Diese Person kann keine Fälle bearbeiten.',
  doneAssigned: 'Der Fall wird jetzt von {name} bearbeitet.',
  history_taken_over: '{name} hat ihn von {assignee} übernommen',
  history_assigned: '{name} hat ihn {assignee} zugewiesen',
  mailAssignedSubject: 'Ein Fall für Sie: {reference}',
  mailAssignedBody:
    'Eine Kollegin oder ein Kollege hat Ihnen einen Fall zugewiesen. Zum Schutz der Privatsphäre enthält diese E-Mail nicht, was die Person geschrieben hat. Lesen Sie es im Backoffice:\n{link}',
  duplicates: 'Duplikate',
  duplicateOf: 'Duplikat von',
  duplicatesOfThis: 'Duplikate dieses Falls',
  duplicateLabel: 'Als Duplikat markieren von',
  duplicateHelp:
    'Die Referenz des anderen Falls, so wie sie vorgelesen wird, zum Beispiel K7QD M2XA 9F. Dieser Fall wird dann abgeschlossen; der andere bleibt, wie er ist.',
  duplicateButton: 'Als Duplikat markieren',
  duplicateUndoHelp:
    'Dieser Fall ist ein Duplikat von {reference} und abgeschlossen. Rückgängig machen gibt ihm seinen früheren Status zurück.',
  duplicateUndo: 'Kein Duplikat',
  duplicateSelf:
    'Ein Fall kann kein Duplikat von sich selbst sein: Schreiben Sie die Referenz des anderen Falls.',
  duplicateChain:
    '{reference} ist selbst ein Duplikat von {original}: Markieren Sie diesen Fall als Duplikat von {original}.',
  duplicateHasCopies:
    'Andere Fälle sind Duplikate dieses Falls: Markieren Sie diese zuerst als Duplikate des anderen Falls.',
  doneDuplicate: 'Als Duplikat von {reference} markiert: Der Fall ist abgeschlossen.',
  doneNotDuplicate: 'Der Fall ist kein Duplikat mehr.',
  history_duplicate: '{name} hat ihn als Duplikat von {reference} markiert',
  history_not_duplicate: '{name} hat „Duplikat von {reference}“ rückgängig gemacht',
  navOverview: 'Übersicht',
  overviewTitle: 'Übersicht',
  overviewIntro:
    'Alle Formulare außer den Rückmeldungen zu Seiten; Duplikate werden nicht gezählt. Eine Woche geht von Montag bis Sonntag, Brüsseler Zeit.',
  overviewByForm: 'Nach Formular',
  overviewByLanguage: 'Nach Sprache',
  overviewWaiting: 'Wartet auf die Person',
  overviewAnsweredWeek: 'Diese Woche beantwortet',
  overviewAll: 'Alle Formulare',
  overviewAllLanguages: 'Alle Sprachen',
  overviewNone: 'Noch keine Fälle.',
  overviewOldest: 'Ältester unbeantworteter Fall',
  overviewOldestLine: 'eingegangen am {date}, {form}, {status}',
  overviewNoneOpen: 'Kein Fall wartet auf eine Antwort.',
  overviewInTime: 'Innerhalb von {days} Tagen beantwortet, pro Woche',
  overviewInTimeHelp:
    'Die Fälle, die jede Woche eingegangen sind, und wie viele die Anlaufstelle innerhalb von {days} Tagen beantwortet hat (eine Antwort, ein festgehaltener Anruf oder der Status „Beantwortet“). Der Anteil zählt nur Fälle, deren {days} Tage vorbei sind; Fälle, die keine Antwort brauchen, zählen nicht.',
  overviewChartTitle:
    'Anteil innerhalb von {days} Tagen beantwortet, pro Woche, die letzten {weeks} Wochen',
  overviewWeek: 'Woche ab',
  overviewReceived: 'Eingegangen',
  overviewAnsweredInTime: 'Rechtzeitig beantwortet',
  overviewNotDue: 'Noch innerhalb von {days} Tagen',
  overviewShare: 'Anteil rechtzeitig',
  overviewNoShare: 'noch keine Frist abgelaufen',
};

export const deskCasesMessages = { en, nl, fr, de };
