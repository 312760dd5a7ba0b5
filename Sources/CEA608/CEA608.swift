// The CEA-608 engine: code tables, decoder, encoder and transmission scheduler (pure Swift).
import CaptionCore
