#ifndef CAPTIONS_CLIBXML2_SHIM_H
#define CAPTIONS_CLIBXML2_SHIM_H
// Bridge to libxml2. Only the XML module imports this target.
#include <libxml/xmlversion.h>
// Debian's libxml2 is built with ICU, so its encoding.h pulls in the system's ICU headers
// (<unicode/ucnv.h>), whose `UErrorCode` differs from the one of Foundation's own ICU
// (_FoundationICU): a module that imports Foundation and sees this one (Media, Dashboard… through
// Metadata → XML) then fails to build ("'UErrorCode' has different definitions in different
// modules"). We never touch libxml2's ICU converters; only the last two fields of
// `xmlCharEncodingHandler` (pointers we never read, behind a pointer we never follow) depend on
// the macro, so leaving the ICU declarations out changes nothing the XML module uses.
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>
#include <libxml/xmlreader.h>

/// Parser options for untrusted input: no network, no DTD loading, no entity substitution,
/// no huge text nodes. Swift cannot combine the C enum constants directly.
static inline int captions_xml_safe_options(void) {
    return XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING | XML_PARSE_NOCDATA;
}

/// Major.minor.patch of the linked libxml2, e.g. 20914 for 2.9.14.
static inline int captions_xml_version(void) { return LIBXML_VERSION; }

#include <string.h>

/// Options for the ITT reader's SAX parse of untrusted input: no network, no errors printed,
/// the document's encoding declaration ignored (iTT is UTF-8, and byte offsets must stay those of
/// the input), CDATA delivered as text. No DTD loading, no entity substitution, no XML_PARSE_HUGE,
/// so libxml2's own size and depth limits stay in force.
static inline int captions_xml_sax_options(void) {
    return XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING | XML_PARSE_IGNORE_ENC
        | XML_PARSE_NOCDATA;
}

/// Creates a parser context over `size` bytes that reports to a copy of `sax`, passing `user` as
/// every callback's context, with `options` applied. NULL when libxml2 cannot allocate one, or
/// when it does not know some of `options` (then `*unknown` holds those bits): parsing without
/// them, e.g. with the network on, would not be safe.
static inline xmlParserCtxtPtr captions_xml_create_sax_context(
    const char *bytes, int size, const xmlSAXHandler *sax, void *user, int options, int *unknown) {
    *unknown = 0;
    xmlParserCtxtPtr ctxt = xmlCreateMemoryParserCtxt(bytes, size);
    if (ctxt == NULL) return NULL;
    if (ctxt->sax == NULL) {
        xmlFreeParserCtxt(ctxt);
        return NULL;
    }
    memcpy(ctxt->sax, sax, sizeof(xmlSAXHandler));
    ctxt->userData = user;
    int left = xmlCtxtUseOptions(ctxt, options);
    if (left != 0) {
        *unknown = left;
        xmlFreeParserCtxt(ctxt);
        return NULL;
    }
    return ctxt;
}

/// The byte offset in the original input of the parser's current position, or -1.
static inline long captions_xml_input_offset(xmlParserCtxtPtr ctxt) {
    if (ctxt == NULL || ctxt->input == NULL || ctxt->input->cur == NULL || ctxt->input->base == NULL)
        return -1;
    return (long)ctxt->input->consumed + (long)(ctxt->input->cur - ctxt->input->base);
}

/// Whether the parse finished with a well-formed document.
static inline int captions_xml_well_formed(xmlParserCtxtPtr ctxt) {
    return ctxt != NULL && ctxt->wellFormed;
}
/// XML_SAX2_MAGIC, which Swift does not import: marks a handler as SAX2 (namespace-aware).
static inline unsigned int captions_xml_sax2_magic(void) { return XML_SAX2_MAGIC; }
#endif
