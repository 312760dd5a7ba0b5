// Scenarist SCC files: reader and writer over the CEA-608 engine.
import CaptionCore
import CEA608
