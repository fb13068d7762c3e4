// The texts of the inbox's export (the filtered list as a table, its files as a ZIP), in the
// back office's four languages; spread into each language of messages.ts.

const en = {
  exportListLegend: 'Export this list (administrators)',
  exportListHelp:
    'The {count, plural, one {# submission} other {# submissions}} of the list as filtered above, in your language. The export is written in the audit log.',
  exportCsv: 'Table, CSV (;)',
  exportXlsx: 'Table, Excel (XLSX)',
  exportZip: 'The attached files, ZIP',
  exportWithNotes: 'Add the desk’s notes (tables only)',
  exportNotesColumn: 'Notes',
  exportRefusedTitle: 'Export refused',
  exportRefused:
    'The export’s filters could not all be applied, so it would hold more than the list. Choose the filters again in the inbox and export from there.',
};

const nl: typeof en = {
  exportListLegend: 'Deze lijst exporteren (beheerders)',
  exportListHelp:
    '{count, plural, one {Het # bericht} other {De # berichten}} van de lijst zoals hierboven gefilterd, in uw taal. De export wordt in het auditlogboek geschreven.',
  exportCsv: 'Tabel, CSV (;)',
  exportXlsx: 'Tabel, Excel (XLSX)',
  exportZip: 'De bijgevoegde bestanden, ZIP',
  exportWithNotes: 'De notities van het team toevoegen (alleen tabellen)',
  exportNotesColumn: 'Notities',
  exportRefusedTitle: 'Export geweigerd',
  exportRefused:
    'Niet alle filters van de export konden worden toegepast, dus zou hij meer bevatten dan de lijst. Kies de filters opnieuw in de inbox en exporteer van daaruit.',
};

const fr: typeof en = {
  exportListLegend: 'Exporter cette liste (administrateurs)',
  exportListHelp:
    '{count, plural, one {Le # message} other {Les # messages}} de la liste filtrée ci-dessus, dans votre langue. L’export est inscrit au journal d’audit.',
  exportCsv: 'Tableau, CSV (;)',
  exportXlsx: 'Tableau, Excel (XLSX)',
  exportZip: 'Les fichiers joints, ZIP',
  exportWithNotes: 'Ajouter les notes de l’équipe (tableaux seulement)',
  exportNotesColumn: 'Notes',
  exportRefusedTitle: 'Export refusé',
  exportRefused:
    'Les filtres de l’export n’ont pas tous pu être appliqués : il contiendrait plus que la liste. Choisissez à nouveau les filtres dans la boîte de réception et exportez depuis celle-ci.',
};

const de: typeof en = {
  exportListLegend: 'Diese Liste exportieren (Administration)',
  exportListHelp:
    '{count, plural, one {Die # Nachricht} other {Die # Nachrichten}} der oben gefilterten Liste, in Ihrer Sprache. Der Export wird im Audit-Protokoll vermerkt.',
  exportCsv: 'Tabelle, CSV (;)',
  exportXlsx: 'Tabelle, Excel (XLSX)',
  exportZip: 'Die angehängten Dateien, ZIP',
  exportWithNotes: 'Die Notizen des Teams hinzufügen (nur Tabellen)',
  exportNotesColumn: 'Notizen',
  exportRefusedTitle: 'Export abgelehnt',
  exportRefused:
    'Nicht alle Filter des Exports konnten angewendet werden, er würde also mehr als die Liste enthalten. Wählen Sie die Filter im Posteingang erneut und exportieren Sie von dort.',
};

export const exportMessages = { en, nl, fr, de };
