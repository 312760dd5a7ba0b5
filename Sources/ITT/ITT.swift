// iTunes Timed Text (Apple TTML profile): reader and writer on libxml2.
import CaptionCore
import CLibXML2
