import CaptionCore

extension CaptionFormat {
    /// This format with `prepare` run on every document before its writer, its diagnostics put
    /// before the writer's. Used to conform documents to a format's limits (e.g. CEA-608 for SCC)
    /// without the format module depending on the validator.
    func preparing(
        _ prepare: @escaping @Sendable (CaptionDocument, CaptionFormatOptions) -> (CaptionDocument, [Diagnostic])
    ) -> CaptionFormat {
        guard let writer else { return self }
        return CaptionFormat(
            name: name, title: title, extensions: extensions, probe: probe, reader: reader,
            writer: { document, options in
                let (prepared, notes) = prepare(document, options)
                var result = try writer(prepared, options)
                result.diagnostics = notes + result.diagnostics
                return result
            })
    }
}

/// Conforms a document to CEA-608 before it is written as SCC: wraps, places on the grid, maps
/// characters and styles, snaps times to frames. Time shifts are left to the SCC writer
/// (`--shift`), which uses the same scheduler as the validator.
enum CEA608Preparation {
    @Sendable static func prepare(_ document: CaptionDocument, _ options: CaptionFormatOptions)
        -> (CaptionDocument, [Diagnostic])
    {
        // Snap to the grid and label with the timecode the SCC writer will use.
        var settings = CaptionConversionSettings(target: .scc, document: document, options: options)
        settings.maxRows = options.settings[CaptionConversionSettings.maxRowsSetting].flatMap { Int($0) }
        var (conformed, notes) = CaptionFormatConformer(settings: settings).conform(document, file: options.fileName)
        // The writer decides drop-frame from the options; keep what the source said otherwise.
        conformed.dropFrame = options.dropFrame ?? document.dropFrame ?? settings.dropFrame
        return (conformed, notes)
    }
}
